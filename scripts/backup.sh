#!/usr/bin/env bash
# Backs up a Kiln that runs on PostgreSQL: the database (pg_dump, custom format) and the blob
# store (the S3 bucket of KILN_S3_*, or {KILN_DATA_DIR}/blobs) into one new folder. Run it with
# the same settings as Kiln; Kiln keeps running. docs/operations/backup.md.
#
#   DATABASE_URL=postgres://... KILN_S3_BUCKET=... scripts/backup.sh /var/backups/kiln
#
# Prints the folder it made: {destination}/kiln-{UTC time}/ with database.dump, blobs/ and
# manifest.txt. PG_DUMP names another pg_dump (its major version must be at least the server's).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
destination="${1:?usage: scripts/backup.sh DESTINATION_FOLDER}"
: "${DATABASE_URL:?DATABASE_URL is not set. The embedded database is backed up by copying the stopped data folder: docs/operations/backup.md}"
pg_dump="${PG_DUMP:-pg_dump}"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
final="$destination/kiln-$stamp"
# Written under another name and renamed when complete: a kiln-* folder is always a whole backup.
partial="$destination/.kiln-$stamp.partial"
mkdir -p "$destination"
if [ -e "$final" ]; then
  echo "backup: $final already exists" >&2
  exit 1
fi
rm -rf "$partial"
mkdir "$partial"
trap 'rm -rf "$partial"' EXIT

# The database first: blobs a row names are never deleted by Kiln before the row, so every blob
# a dumped row needs is still there when the copy below runs.
"$pg_dump" --format=custom --file="$partial/database.dump" --dbname="$DATABASE_URL"
"$root/node_modules/.bin/tsx" "$root/scripts/blob-sync.ts" export "$partial/blobs"

{
  echo "kiln backup $stamp"
  echo "kiln $(node -p "require('$root/package.json').version")"
  "$pg_dump" --version
  if [ -n "${KILN_S3_BUCKET:-}" ]; then echo "blobs from s3://$KILN_S3_BUCKET"; else echo "blobs from ${KILN_DATA_DIR:-.kiln}/blobs"; fi
} >"$partial/manifest.txt"

mv "$partial" "$final"
trap - EXIT
echo "$final"
