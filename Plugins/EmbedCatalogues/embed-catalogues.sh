#!/bin/sh
# embed-catalogues.sh MESSAGES_DIR OUTPUT_DIR [STAMP]: writes OUTPUT_DIR/CatalogueFiles.swift holding
# every MESSAGES_DIR/*.strings file as a base64 string literal (no escaping to get wrong; string
# literals compile in milliseconds), and the typed keys of the reference catalogue, en.strings:
# a `MessageKey` per key ("value.noData" → `.valueNoData`) and a `PluralKey` per .one/.other pair
# ("count.points" → `.countPoints`), so a lookup of a key English lacks does not compile.
# Rewrites the file only when its contents change, so unchanged catalogues recompile nothing.
# Touches STAMP so the next build runs it again.
set -eu
dir=$1
out=$2/CatalogueFiles.swift
tmp=$out.tmp.$$
mkdir -p "$2"
{
    printf '// Generated at build time by the EmbedCatalogues plugin from Messages/*.strings. Do not edit.\n\n'
    printf '/// The message catalogues as written: file name (`en.strings`, `en.units.strings`), contents as base64.\n'
    printf 'enum CatalogueFiles {\n    static let base64: [(name: String, contents: String)] = [\n'
    (cd "$dir" && find . -maxdepth 1 -type f -name '*.strings' | sed 's|^\./||' | LC_ALL=C sort) | while IFS= read -r name; do
        case $name in *'"'* | *'\'*) echo "embed-catalogues.sh: unsupported file name: $name" >&2; exit 1 ;; esac
        printf '        ("%s", "%s"),\n' "$name" "$(base64 < "$dir/$name" | tr -d '\n')"
    done
    printf '    ]\n}\n'
    keys=$(sed -n 's/^"\([A-Za-z][A-Za-z0-9.]*\)" *=.*/\1/p' "$dir/en.strings")
    dupes=$(printf '%s\n' "$keys" | sed 's/\.\(.\)/\U\1/g' | sort | uniq -d)
    if [ -n "$dupes" ]; then echo "embed-catalogues.sh: en.strings: keys that read the same in Swift: $dupes" >&2; exit 1; fi
    printf '\n/// Every key of en.strings, typed (`messages[.valueNoData]`).\nextension MessageKey {\n'
    printf '%s\n' "$keys" | while IFS= read -r key; do
        printf '    public static let %s = MessageKey("%s")\n' "$(printf '%s' "$key" | sed 's/\.\(.\)/\U\1/g')" "$key"
    done
    printf '}\n\n/// Every .one/.other pair of en.strings by its stem (`messages.plural(.countPoints, count: 3)`).\nextension PluralKey {\n'
    printf '%s\n' "$keys" | sed -n 's/\.\(one\|other\)$//p' | sort -u | while IFS= read -r stem; do
        printf '    public static let %s = PluralKey("%s")\n' "$(printf '%s' "$stem" | sed 's/\.\(.\)/\U\1/g')" "$stem"
    done
    printf '}\n'
} > "$tmp"
if cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
if [ $# -ge 3 ]; then touch "$3"; fi
