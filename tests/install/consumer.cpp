// A program of the installed library's user, in C++: the public headers' extern "C" guards
// make the library's symbols link from C++ (tests/install).
#include <algorithm>
#include <bitset>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <gcnspec/codec.h>
#include <gcnspec/oracle.h>

static int fail(const std::string &what)
{
    std::cerr << "consumer.cpp: " << what << "\n";
    return 1;
}

int main()
{
    const std::string text = "s_bcnt1_i32_b32 s1, s0";
    const std::uint32_t s0 = 0x12345678u;
    std::vector<std::uint8_t> bytes(GCN_INST_MAX_BYTES), again(GCN_INST_MAX_BYTES);
    std::size_t len = 0, len2 = 0;
    gcn_inst inst, decoded;
    gcn_diag diag;
    char printed[128];
    gcn_status st;
    int gen = gcn_gen_lookup("gcn1.0");
    if (gen < 0)
        return fail("gcn_gen_lookup(gcn1.0) failed");
    gcn_diag_clear(&diag);
    if (gcn_assemble(gen, text.c_str(), &inst, bytes.data(), bytes.size(), &len, &diag) != GCN_OK)
        return fail(diag.msg);
    st = gcn_disasm(gen, bytes.data(), len, printed, sizeof(printed), nullptr, &decoded);
    if (st != GCN_OK)
        return fail(std::string("gcn_disasm: ") + gcn_status_str(st));
    if (text != printed)
        return fail("gcn_disasm does not give the text back");
    if (gcn_encode(&decoded, again.data(), again.size(), &len2) != GCN_OK || len2 != len ||
        !std::equal(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(len), again.begin()))
        return fail("gcn_encode does not give the bytes back");
    std::unique_ptr<gcn_wave_state> s(new gcn_wave_state());
    if (gcn_state_init(s.get(), gen) != GCN_OK)
        return fail("gcn_state_init failed");
    s->sreg[0] = s0;
    gcn_state_set_exec(s.get(), ~0ull);
    if (gcn_exec_inst(s.get(), &decoded, nullptr, &diag) != GCN_OK)
        return fail(diag.msg);
    if (s->sreg[1] != std::bitset<32>(s0).count())
        return fail("the oracle's s1 is not the popcount of s0");
    std::cout << "c++: " << printed << " (" << gcn_inst_mnemonic(&decoded) << ", " << len
              << " bytes) -> s1 = " << s->sreg[1] << "\n";
    return 0;
}
