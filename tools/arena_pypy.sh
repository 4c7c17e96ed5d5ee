#!/bin/bash
# Unpack PyPy 3.11 (Debian trixie's pypy3 7.3.19 and the libraries it needs, trixie's C library among them) into
# DIR without installing anything, and write DIR/pypy, a wrapper that runs it on those libraries. Long arena lines
# then run faster on the same bots:
#
#     bash tools/arena_pypy.sh /opt/trixie
#     cd CHECKOUT && /opt/trixie/pypy -m game.arena neu_noir --players 4 --games 1000 ... --journal FILE
#
# Use it for a title only where tools/same_choices.py gives the same rows under it as under CPython (run `record`
# with PYTHONHASHSEED=0 set, since the tool would re-run itself without the wrapper):
#
#     PYTHONHASHSEED=0 /opt/trixie/pypy tools/same_choices.py record --title neu_noir pypy.json
#     python tools/same_choices.py record --title neu_noir cpython.json
#     python tools/same_choices.py compare cpython.json pypy.json
#
# Only the arena's speed changes: think times in such a line are PyPy's, not the product's (measure those with
# `python -m game.bench think`). The arena needs no pygame, so nothing else is installed for PyPy.
set -euo pipefail
DIR=${1:?usage: arena_pypy.sh DIR}
MIRROR=http://deb.debian.org/debian
PACKAGES="pypy3 pypy3-lib libc6 libssl3t64 libffi8 libexpat1 libbz2-1.0 liblzma5 zlib1g libsqlite3-0 libgcc-s1
          libtinfo6 libncursesw6 libgdbm6t64 libzstd1"
mkdir -p "$DIR/debs" "$DIR/root"
curl -sf "$MIRROR/dists/trixie/main/binary-amd64/Packages.xz" | xz -dc > "$DIR/Packages"
for package in $PACKAGES; do
  file=$(awk -v p="Package: $package" '$0 == p {found = 1} found && /^Filename:/ {print $2; exit}' "$DIR/Packages")
  curl -sf -o "$DIR/debs/$(basename "$file")" "$MIRROR/$file"
done
for deb in "$DIR"/debs/*.deb; do dpkg-deb -x "$deb" "$DIR/root"; done
ROOT=$(cd "$DIR/root" && pwd)
cat > "$DIR/pypy" <<EOF
#!/bin/sh
exec $ROOT/usr/lib64/ld-linux-x86-64.so.2 --library-path $ROOT/usr/lib/x86_64-linux-gnu:$ROOT/lib/x86_64-linux-gnu \
  $ROOT/usr/bin/pypy3.11 "\$@"
EOF
chmod +x "$DIR/pypy"
"$DIR/pypy" -c "import sys; print('PyPy', sys.version.split()[0], 'ready:', '$DIR/pypy')"
