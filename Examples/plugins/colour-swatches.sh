#!/bin/sh
# A Viewfinder plugin in POSIX shell: offers colour swatch images whose names match the query.
# Protocol 1 (docs/PLUGINS.md): one JSON request line on stdin; one {"photo": …} line per result.
# Shell has no JSON parser, so this reads only the fields it needs with sed.
IFS= read -r request
query=$(printf '%s\n' "$request" | sed -n 's/.*"query":"\([^"]*\)".*/\1/p' | tr 'A-Z' 'a-z')
limit=$(printf '%s\n' "$request" | sed -n 's/.*"limit":\([0-9]*\).*/\1/p')
[ -n "$limit" ] || limit=10
count=0
for colour in crimson coral gold olive teal navy plum slate ivory; do
  [ "$count" -ge "$limit" ] && break
  case "$query" in
    "" | *"$colour"* | *swatch*) ;;
    *) continue ;;
  esac
  count=$((count + 1))
  printf '{"photo": {"id": "swatch-%s", "title": "%s swatch", "author": "Colour Plugin", "page_url": "https://example.org/swatches/%s", "image_url": "https://example.org/swatches/%s.png", "width": 512, "height": 512, "tags": ["colour", "%s"]}}\n' \
    "$colour" "$colour" "$colour" "$colour" "$colour"
done
exit 0
