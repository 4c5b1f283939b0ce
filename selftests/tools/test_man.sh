#!/bin/sh
# test_man.sh NAME:BINARY:PAGE... - the man pages document the command
# lines: for each tool NAME, BINARY --help must exit 0 with the usage on
# stdout, and every subcommand its top-level help lists (lines
# "  WORD  description") must have a section in PAGE (".SS WORD" or a
# ".B WORD" item) and answer "SUBCOMMAND --help" the same way; every long
# (--opt) and short (-o) option printed by any of those helps must appear
# in PAGE as an option.  Missing ones are listed.  Each page (any of
# docs/man/*.[1-9] given in $MAN_PAGES, else the PAGEs) must have a .TH
# matching its file name and render with
# `groff -man -ww` without a warning.  Pure sh + awk over the roff source.
# Every tool and subcommand answers -h as --help, and BINARY --version
# prints "NAME VERSION" with the top-level VERSION file's text.
set -u
bin=
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"

# The options in help text on stdin, one per line: --long and -s words
# that start the text or follow a blank, '[', '(', '|' or ','.
help_opts() {
	awk '{
		s = " " $0
		while (match(s, /[][ \t(|,]--?[A-Za-z?][A-Za-z0-9-]*/)) {
			o = substr(s, RSTART + 1, RLENGTH - 1)
			s = substr(s, RSTART + RLENGTH)
			# a short option is one character, then not a word
			if (o !~ /^--/ && (length(o) > 2 || s ~ /^[A-Za-z0-9_]/))
				continue
			print o
		}
	}' | sort -u | awk '
	# "--window-epoch" in prose is the option --window: a long option that
	# extends another one printed by the same help at a "-" is that one
	{ o[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++) {
			p = o[i]
			for (j = 1; j <= NR; j++)
				if (j != i && index(o[i], o[j] "-") == 1 &&
				    length(o[j]) < length(p))
					p = o[j]
			print p
		}
	}' | sort -u
}

# The roff source of PAGE as plain text: font escapes dropped, \- and \e
# made - and \.
man_text() {
	sed -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' -e 's/\\-/-/g' \
	    -e 's/\\(aq/'"'"'/g' -e 's/\\[&%]//g' -e 's/\\e/\\/g' "$1"
}

# The options of file $1 (one per line) missing from the text $2: each
# must occur delimited (not inside a longer option or word).
missing_opts() {
	awk -v text="$2" 'BEGIN {
		while ((getline line < text) > 0)
			t = t "\n" line
		t = t "\n"
	}
	{
		o = $0; s = t; found = 0
		while ((i = index(s, o)) > 0) {
			before = substr(s, i - 1, 1); after = substr(s, i + length(o), 1)
			if (before !~ /[A-Za-z0-9-]/ && after !~ /[A-Za-z0-9_-]/) {
				found = 1
				break
			}
			s = substr(s, i + length(o))
		}
		if (!found)
			printf " %s", o
	}' "$1"
}

# A help or page speaks to its reader: a number of the project's issue
# tracker ("issue 26") means nothing to them.
no_tracker() {
	! grep -Eiq 'issue [0-9]+' "$1"
}

version=$(cat "$(dirname "$0")/../../VERSION")
pages=${MAN_PAGES:-}
json_subs=
for spec in "$@"; do
	tool=${spec%%:*}
	rest=${spec#*:}
	bin=${rest%%:*}
	page=${rest#*:}
	[ -n "$MAN_PAGES" ] || pages="$pages $page"
	man_text "$page" >"$tmp/$tool.txt"

	check "$tool --help: exit 0, usage on stdout, nothing on stderr" \
		sh -c "\"$bin\" --help >\"$tmp/$tool.help\" 2>\"$tmp/err\" &&
		       [ -s \"$tmp/$tool.help\" ] && ! [ -s \"$tmp/err\" ]"
	check "$tool -h: the same as --help, exit 0" \
		sh -c "\"$bin\" -h >\"$tmp/h\" 2>&1 && cmp -s \"$tmp/h\" \"$tmp/$tool.help\""
	check "$tool --version: '$tool $version', exit 0" \
		sh -c "[ \"\$(\"$bin\" --version 2>&1)\" = \"$tool $version\" ]"
	check "$tool --help: names no tracker issue (issue N)" no_tracker "$tmp/$tool.help"
	subs=$(sed -n 's/^  \([a-z][a-z0-9_-]*\)  *[^ -].*/\1/p' "$tmp/$tool.help")
	help_opts <"$tmp/$tool.help" >"$tmp/opts"
	miss=$(missing_opts "$tmp/opts" "$tmp/$tool.txt")
	check "$tool --help: its $(wc -l <"$tmp/opts") options are in $page${miss:+; missing:$miss}" \
		[ -z "$miss" ]
	for s in $subs; do
		check "$tool $s: a section of $page" \
			grep -Eq "^\.(SS|B) $s\$" "$tmp/$tool.txt"
		check "$tool $s --help: exit 0, usage on stdout, nothing on stderr" \
			sh -c "\"$bin\" $s --help >\"$tmp/sub.help\" 2>\"$tmp/err\" &&
			       [ -s \"$tmp/sub.help\" ] && ! [ -s \"$tmp/err\" ]"
		check "$tool $s -h: the same as --help, exit 0" \
			sh -c "\"$bin\" $s -h >\"$tmp/h\" 2>&1 && cmp -s \"$tmp/h\" \"$tmp/sub.help\""
		check "$tool $s --help: names no tracker issue (issue N)" no_tracker "$tmp/sub.help"
		[ "$tool" != gpugov-replay ] || ! grep -q -- '--json' "$tmp/sub.help" ||
			json_subs="$json_subs $s"
		help_opts <"$tmp/sub.help" >"$tmp/opts"
		miss=$(missing_opts "$tmp/opts" "$tmp/$tool.txt")
		check "$tool $s --help: its $(wc -l <"$tmp/opts") options are in $page${miss:+; missing:$miss}" \
			[ -z "$miss" ]
	done
done

# The README's list of the gpugov-replay subcommands with --json is theirs.
readme=$(dirname "$0")/../../README.md
if [ -n "$json_subs" ]; then
	said=$(tr '\n' ' ' <"$readme" | sed -n 's/.*The tables of \(.*\) come as text, `--csv` or `--json`.*/\1/p' |
		grep -o '`[a-z-]*`' | tr -d '`' | sort | tr '\n' ' ')
	has=$(printf '%s\n' $json_subs | sort | tr '\n' ' ')
	check "README.md names the subcommands with --json ($has), no other${said:+ (it says: $said)}" \
		[ "$said" = "$has" ]
fi

for page in $pages; do
	base=$(basename "$page")
	th=$(sed -n 's/^\.TH \([^ ]*\) \([^ ]*\).*/\1.\2/p' "$page" | tr '[:upper:]' '[:lower:]')
	check "$page: .TH names it ($th)" [ "$th" = "$base" ]
	check "$page: names no tracker issue (issue N)" no_tracker "$page"
	groff -man -Tutf8 -ww -z "$page" >"$tmp/err" 2>&1
	check "$page: groff -man -ww renders it without a warning" \
		[ ! -s "$tmp/err" ]
	sed 's/^/# /' "$tmp/err"
done

echo "1..$n"
echo "RESULT man-check: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
