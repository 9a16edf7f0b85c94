#!/bin/sh
# embed.sh MODE SOURCE OUTPUT_DIR [STAMP]: writes one Swift file into OUTPUT_DIR holding files as
# base64 string literals (no escaping to get wrong; string literals compile in milliseconds, a 50 KB
# [UInt8] literal takes the type checker minutes):
# - MODE catalogues, SOURCE a Messages folder: CatalogueFiles.swift, every SOURCE/*.strings, and the
#   typed keys of the reference catalogue, en.strings: a `MessageKey` per key ("value.noData" →
#   `.valueNoData`) and a `PluralKey` per .one/.other pair ("count.points" → `.countPoints`), so a
#   lookup of a key English lacks does not compile;
# - MODE theme, SOURCE the package root: DefaultThemeFiles.swift, every file of SOURCE/Templates
#   and SOURCE/Public (dotfiles and `~` backups excepted).
# Rewrites the file only when its contents change, so unchanged input recompiles nothing.
# Touches STAMP (the command's input) so that the next build runs it again (see plugin.swift).
set -eu
mode=$1
src=$2
case $mode in
    catalogues) name=CatalogueFiles ;;
    theme) name=DefaultThemeFiles ;;
    *) echo "embed.sh: unknown mode: $mode" >&2; exit 1 ;;
esac
out=$3/$name.swift
tmp=$out.tmp.$$
mkdir -p "$3"

# The files of the folder (find's arguments after it) as array rows: ("path", "base64"),
rows() {
    dir=$1
    shift
    (cd "$dir" && find "$@" -type f | sed 's|^\./||' | LC_ALL=C sort) | while IFS= read -r path; do
        case $path in *'"'* | *'\'*) echo "embed.sh: unsupported file name: $path" >&2; exit 1 ;; esac
        printf '        ("%s", "%s"),\n' "$path" "$(base64 < "$dir/$path" | tr -d '\n')"
    done
}

# The typed keys of en.strings (catalogues only).
keys() {
    keys=$(sed -n 's/^"\([A-Za-z][A-Za-z0-9.]*\)" *=.*/\1/p' "$src/en.strings")
    dupes=$(printf '%s\n' "$keys" | sed 's/\.\(.\)/\U\1/g' | sort | uniq -d)
    if [ -n "$dupes" ]; then echo "embed.sh: en.strings: keys that read the same in Swift: $dupes" >&2; exit 1; fi
    printf '\n/// Every key of en.strings, typed (`messages[.valueNoData]`).\nextension MessageKey {\n'
    # One sed for all keys (a sed per key cost seconds on a busy machine): hold the key, camel-case it, join.
    printf '%s\n' "$keys" | sed 'h; s/\.\(.\)/\U\1/g; G; s/^\(.*\)\n\(.*\)$/    public static let \1 = MessageKey("\2")/'
    printf '}\n\n/// Every .one/.other pair of en.strings by its stem (`messages.plural(.countPoints, count: 3)`).\nextension PluralKey {\n'
    printf '%s\n' "$keys" | sed -n 's/\.\(one\|other\)$//p' | sort -u |
        sed 'h; s/\.\(.\)/\U\1/g; G; s/^\(.*\)\n\(.*\)$/    public static let \1 = PluralKey("\2")/'
    printf '}\n'
}

{
    if [ "$mode" = catalogues ]; then
        printf '// Generated at build time by the Embed plugin from Messages/*.strings. Do not edit.\n\n'
        printf '/// The message catalogues as written: file name (`en.strings`, `en.units.strings`), contents as base64.\n'
        printf 'enum CatalogueFiles {\n    static let base64: [(name: String, contents: String)] = [\n'
        rows "$src" . -maxdepth 1 -name '*.strings'
        printf '    ]\n}\n'
        keys
    else
        printf '// Generated at build time by the Embed plugin from Templates/ and Public/. Do not edit.\n\n'
        printf '/// The default theme'"'"'s files: path relative to the theme folder, contents as base64.\n'
        printf 'enum DefaultThemeFiles {\n    static let base64: [(path: String, contents: String)] = [\n'
        rows "$src" Templates Public ! -path '*/.*' ! -name '*~'
        printf '    ]\n}\n'
    fi
} > "$tmp"
if cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
if [ $# -ge 4 ]; then touch "$4"; fi
