#!/bin/sh
# make web: libyaml and msgpack-c for WebAssembly, compiled with emscripten from Debian's own
# source packages. apt-get source fetches them through an apt configuration of our own (one
# deb-src line, package lists kept in DIR), so the system's apt setup is left alone, no root is
# needed, and no third-party source is kept in the repository. The versions are those of the
# installed libyaml-dev and libmsgpack-dev, so the page reads and writes the bytes the tools do.
# usage: sh web/deps.sh DIR; leaves DIR/include and DIR/libyaml.a, DIR/libmsgpackc.a.
# DEBIAN_MIRROR and DEBIAN_SECURITY name other mirrors; EMCC and EMAR other compilers.
set -eu

dir=$1
EMCC=${EMCC:-emcc}
EMAR=${EMAR:-emar}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

fail() {
	echo "web: $*" >&2
	exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "no apt-get: fetch the sources of libyaml and" \
    "msgpack-c by hand into $dir/src (see web/deps.sh)"
command -v dpkg-source >/dev/null 2>&1 || fail "no dpkg-source: run make deps-web"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$suite" ] || fail "no VERSION_CODENAME in /etc/os-release: which Debian is this?"

# the version of the installed -dev package, when there is one: NAME=VERSION, else NAME
pinned() {
	v=$(dpkg-query -W -f='${db:Status-Status} ${source:Version}' "$2" 2>/dev/null || true)
	case $v in
	'installed '?*) echo "$1=${v#installed }" ;;
	*) echo "$1" ;;
	esac
}

mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/src"
src=$(cd "$dir/src" && pwd)
if ! ls -d "$src"/libyaml-*/src "$src"/msgpack-c-*/src >/dev/null 2>&1; then
	cat > "$dir/apt/sources.list" <<-EOF
	deb-src [signed-by=$keyring] $mirror $suite main
	deb-src [signed-by=$keyring] $mirror $suite-updates main
	deb-src [signed-by=$keyring] $security $suite-security main
	EOF
	apt=$(cd "$dir/apt" && pwd)
	set -- -q -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
	    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
	    -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
	echo "web: fetching Debian's sources of libyaml and msgpack-c ($mirror $suite)" >&2
	apt-get "$@" update >&2 || fail "apt-get update of the deb-src lists failed"
	yaml=$(pinned libyaml libyaml-dev)
	msgpack=$(pinned msgpack-c libmsgpack-dev)
	(cd "$src" && apt-get "$@" source "$yaml" "$msgpack" >&2) ||
	    fail "apt-get source $yaml $msgpack failed"
fi
yaml=$(ls -d "$src"/libyaml-*/ | tail -n 1)
msgpack=$(ls -d "$src"/msgpack-c-*/ | tail -n 1)

# libyaml: its config.h holds only the version, which its CMakeLists.txt gives
mkdir -p "$dir/include/msgpack" "$dir/obj/yaml" "$dir/obj/msgpack"
ver() {
	sed -n "s/^set *(YAML_VERSION_$1 *\([0-9]*\))/\1/p" "$yaml/CMakeLists.txt"
}
major=$(ver MAJOR)
minor=$(ver MINOR)
patch=$(ver PATCH)
sed -e "s/@YAML_VERSION_MAJOR@/$major/" -e "s/@YAML_VERSION_MINOR@/$minor/" \
    -e "s/@YAML_VERSION_PATCH@/$patch/" -e "s/@YAML_VERSION_STRING@/$major.$minor.$patch/" \
    "$yaml/cmake/config.h.in" > "$dir/obj/yaml/config.h"
cp "$yaml/include/yaml.h" "$dir/include/"
# msgpack-c: two headers are made by CMake from templates; WebAssembly is little-endian
cp -R "$msgpack/include/." "$dir/include/"
for h in sysdep pack_template; do
	sed -e 's/@MSGPACK_ENDIAN_BIG_BYTE@/0/' -e 's/@MSGPACK_ENDIAN_LITTLE_BYTE@/1/' \
	    "$msgpack/cmake/$h.h.in" > "$dir/include/msgpack/$h.h"
done

# their own code, not ours: compiled as upstream ships it, without our warnings
for f in "$yaml"/src/*.c; do
	"$EMCC" -O2 -w -DHAVE_CONFIG_H -DYAML_DECLARE_STATIC -I"$dir/obj/yaml" \
	    -I"$dir/include" -c -o "$dir/obj/yaml/$(basename "$f" .c).o" "$f"
done
for f in "$msgpack"/src/*.c; do
	"$EMCC" -O2 -w -I"$dir/include" -c -o "$dir/obj/msgpack/$(basename "$f" .c).o" "$f"
done
rm -f "$dir/libyaml.a" "$dir/libmsgpackc.a"
"$EMAR" rcs "$dir/libyaml.a" "$dir"/obj/yaml/*.o
"$EMAR" rcs "$dir/libmsgpackc.a" "$dir"/obj/msgpack/*.o
echo "web: built $(basename "$yaml") and $(basename "$msgpack") for WebAssembly" >&2
