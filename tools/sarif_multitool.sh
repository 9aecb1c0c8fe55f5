#!/usr/bin/env bash
# Microsoft's SARIF validator (npm @microsoft/sarif-multitool, a self-contained .NET program in
# the package, no runtime to install), pinned, in a cache outside the source tree:
#   tools/sarif_multitool.sh --install   npm-installs it unless it is there (network: npm registry)
#   tools/sarif_multitool.sh --path      prints the program's path; exit 1 when not installed
# The cache is $GCN_TOOLS_DIR, else ${XDG_CACHE_HOME:-~/.cache}/gcnspec/tools.
set -euo pipefail
VERSION=5.7.0
DIR="${GCN_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gcnspec/tools}/sarif-multitool-$VERSION"
BIN="$DIR/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"

case "${1:-}" in
--path)
  [ -x "$BIN" ] || exit 1
  echo "$BIN"
  ;;
--install)
  [ -x "$BIN" ] && exit 0
  if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    echo "gcnspec: the SARIF validator's package is built for Linux x86-64 only" >&2
    exit 1
  fi
  if ! command -v npm >/dev/null; then
    echo "gcnspec: npm is missing: install Debian's nodejs and npm to get the SARIF validator" >&2
    exit 1
  fi
  mkdir -p "$DIR"
  echo "gcnspec: installing @microsoft/sarif-multitool@$VERSION into $DIR" >&2
  npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error \
    "@microsoft/sarif-multitool@$VERSION" >&2
  # the package's postinstall makes the program executable; npm may not run install scripts
  chmod u+x "$BIN"
  ;;
*)
  echo "usage: tools/sarif_multitool.sh --install | --path" >&2
  exit 2
  ;;
esac
