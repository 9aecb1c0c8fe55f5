#!/usr/bin/env bash
# Makes sure the Debian packages gcnspec needs are installed: installs the missing ones when run
# as root (apt-get update first), otherwise names exactly what is missing and fails.
set -euo pipefail

PACKAGES=(
  cmake make gcc g++ pkg-config      # build (g++: the install test builds a C++ program)
  libcjson-dev libcmocka-dev libssl-dev  # cJSON, cmocka, libcrypto (SHA-256)
  clang-14 libclang-rt-14-dev        # sanitizers, libFuzzer
  llvm-14 llvm-14-dev llvm-19 llvm-19-dev  # llvm-mc peers, LLVM-C disassemblers
  afl++                              # AFL++ fuzzing
  clang-format-14                    # the formatting check
  wamerican-huge                     # the word list gcnspec errata spell-checks the prose against
  libelf-dev                         # libelf: gcnspec disasm reads AMDGPU code objects
  libxml2-utils                      # xmllint: the JUnit XML test's schema check
  nodejs                             # npm: Microsoft's SARIF validator (tools/sarif_multitool.sh)
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# npm ships in Debian's npm package, or inside another vendor's nodejs
command -v npm >/dev/null || missing+=(npm)

# Microsoft's SARIF validator is an npm package, not a Debian one: installed beside the
# packages, into a cache outside the source tree; without it the SARIF test is skipped
sarif_validator() {
  bash "$(dirname "$0")/sarif_multitool.sh" --install ||
    echo "gcnspec: the SARIF validator could not be installed: its test will be skipped" >&2
}
if [ ${#missing[@]} -eq 0 ]; then
  sarif_validator
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "gcnspec: missing Debian packages: ${missing[*]}" >&2
  echo "install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "gcnspec: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
sarif_validator
