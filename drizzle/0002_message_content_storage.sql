-- A streaming answer is appended to messages.content every 250 ms (content || delta). With the
-- default EXTENDED storage each append recompresses the whole text (measured on PGlite: 9 ms per
-- append at ~120 KB); EXTERNAL keeps it out of line but uncompressed (1.8 ms). Snapshots
-- (artifact_code) are written once per version and stay compressed.
ALTER TABLE "messages" ALTER COLUMN "content" SET STORAGE EXTERNAL;
