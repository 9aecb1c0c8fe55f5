# cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake: the file's bytes as a C array
# (NUL-terminated) and its length, so a fuzzing binary carries its data with it.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR len "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x..,){24})" "\\1\n" body "${body}")
file(WRITE "${OUT}.tmp"
     "/* generated from ${IN} by harness/embed.cmake */\n#include <stddef.h>\n"
     "extern const unsigned char ${NAME}[];\nextern const size_t ${NAME}_len;\n"
     "const unsigned char ${NAME}[] = {\n${body}0x00};\n"
     "const size_t ${NAME}_len = ${len};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
