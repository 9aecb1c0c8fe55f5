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
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "gcnspec: missing Debian packages: ${missing[*]}" >&2
  echo "install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "gcnspec: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
