#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into the database of DATABASE_URL and the blob store of
# Kiln's settings (the S3 bucket of KILN_S3_*, or {KILN_DATA_DIR}/blobs). Stop every Kiln process
# first. Objects of the database that the backup has are replaced; blobs are added to the store.
# docs/operations/backup.md.
#
#   DATABASE_URL=postgres://... KILN_S3_BUCKET=... scripts/restore.sh /var/backups/kiln/kiln-20260101T030000Z
#
# PG_RESTORE names another pg_restore (its major version must be at least the dump's pg_dump's).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
backup="${1:?usage: scripts/restore.sh BACKUP_FOLDER}"
: "${DATABASE_URL:?DATABASE_URL is not set: the database to restore into}"
pg_restore="${PG_RESTORE:-pg_restore}"

for part in database.dump blobs manifest.txt; do
  if [ ! -e "$backup/$part" ]; then
    echo "restore: $backup is not a complete backup ($part is missing)" >&2
    exit 1
  fi
done

# One transaction: a failed restore leaves the database as it was. --no-owner/--no-acl: the
# restoring role owns everything, whatever role made the backup.
"$pg_restore" --clean --if-exists --no-owner --no-acl --single-transaction --exit-on-error \
  --dbname="$DATABASE_URL" "$backup/database.dump"
"$root/node_modules/.bin/tsx" "$root/scripts/blob-sync.ts" import "$backup/blobs"
echo "restored $backup"
