# cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake: the file's bytes (NUL-terminated)
# and its length as C symbols, so a fuzzing binary carries its data with it. The bytes are the
# assembler's .incbin of the file, not a C array of them: spec/gcn.json as 12 MB of "0x7b,"
# took the regex here 15 s and each compile of it 10-20 s, twice a build. The file is named by
# its absolute path; OUT is rewritten whenever IN changes (the rule's DEPENDS), which rebuilds
# the object that includes it.
file(SIZE "${IN}" len)
string(REPLACE "\\" "\\\\\\\\" path "${IN}")
string(REPLACE "\"" "\\\\\\\"" path "${path}")
file(WRITE "${OUT}.tmp"
     "/* generated from ${IN} by harness/embed.cmake */\n#include <stddef.h>\n"
     "extern const unsigned char ${NAME}[];\nextern const size_t ${NAME}_len;\n"
     "__asm__(\".pushsection .rodata\\n\"\n"
     "        \".balign 16\\n\"\n"
     "        \".globl ${NAME}\\n\"\n"
     "        \".type ${NAME}, @object\\n\"\n"
     "        \"${NAME}:\\n\"\n"
     "        \".incbin \\\"${path}\\\"\\n\"\n"
     "        \".byte 0\\n\"\n"
     "        \".size ${NAME}, . - ${NAME}\\n\"\n"
     "        \".popsection\\n\");\n"
     "const size_t ${NAME}_len = ${len};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
