#!/bin/sh
# embed-theme.sh ROOT OUTPUT_DIR [STAMP]: writes OUTPUT_DIR/DefaultThemeFiles.swift holding every file of
# ROOT/Templates and ROOT/Public (dotfiles and `~` backups excepted) as base64 string literals
# (string literals compile in milliseconds; a 50 KB [UInt8] literal takes the type checker minutes).
# Rewrites the file only when its contents change, so an unchanged theme recompiles nothing.
# Touches STAMP (this command's input) so that the next build runs it again (see plugin.swift).
set -eu
root=$1
out=$2/DefaultThemeFiles.swift
tmp=$out.tmp.$$
mkdir -p "$2"
{
    printf '// Generated at build time by the EmbedTheme plugin from Templates/ and Public/. Do not edit.\n\n'
    printf '/// The default theme'"'"'s files: path relative to the theme folder, contents as base64.\n'
    printf 'enum DefaultThemeFiles {\n    static let base64: [(path: String, contents: String)] = [\n'
    (cd "$root" && find Templates Public -type f ! -path '*/.*' ! -name '*~' | LC_ALL=C sort) | while IFS= read -r path; do
        case $path in *'"'* | *'\'*) echo "embed-theme.sh: unsupported file name: $path" >&2; exit 1 ;; esac
        printf '        ("%s", "%s"),\n' "$path" "$(base64 < "$root/$path" | tr -d '\n')"
    done
    printf '    ]\n}\n'
} > "$tmp"
if cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
if [ $# -ge 3 ]; then touch "$3"; fi
