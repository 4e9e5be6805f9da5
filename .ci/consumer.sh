#!/usr/bin/env bash
# A module outside the repository, as a user writes one, builds against
# this repository's modules as they would be served once tagged: a
# file-based module proxy serves every module of HEAD at the core version
# the nested modules require, with no replace directive and no checksum
# database, and .ci/consumer runs structgen through a tool directive and
# asks a model through the OpenAI adapter.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every nested module requires the same core version: the one the next
# release tags (docs/RELEASING.md).
versions=$(git ls-files '*/go.mod' | xargs grep -h '^\s*github.com/structgen/structgen v' | awk '{print $2}' | sort -u)
if [ "$(echo "$versions" | wc -l)" != 1 ]; then
	echo "nested modules require different core versions:"; echo "$versions"; exit 1
fi
version=$versions
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
modules=$(git ls-files 'go.mod' 'adapters/*/go.mod' | xargs -n1 dirname)
go run ./internal/cmd/modproxy -out "$tmp/proxy" -version "$version" $modules

cp -r .ci/consumer "$tmp/consumer"
cd "$tmp/consumer"
# The repository's modules come from the local proxy only; everything else
# from the module cache already on this machine, else the usual proxy. A
# module cache of its own, so that no earlier copy of a test tag is used.
export GOWORK=off GOFLAGS=-modcacherw GONOSUMDB=github.com/structgen
export GOPROXY="file://$tmp/proxy,file://$(go env GOMODCACHE)/cache/download,$(go env GOPROXY)"
export GOMODCACHE="$tmp/modcache"
go mod init consumer >/dev/null 2>&1
go get -tool "github.com/structgen/structgen/cmd/structgen@$version"
go get "github.com/structgen/structgen@$version" "github.com/structgen/structgen/adapters/openai@$version"
go generate ./...
go mod tidy
grep -q '^replace' go.mod && { echo "the consumer needed a replace directive"; exit 1; }
out=$(go run .)
echo "consumer: $out"
[ "$out" = "Sunny, high 21; repairs: 2" ] || { echo "consumer: unexpected output"; exit 1; }
