import { useState } from 'react';

/**
 * A listed version's screenshot when one is stored, else its live preview, shrunk into the card:
 * a sandboxed frame of the version's preview host (its own origin, scripts only, no clicks).
 */
export function ListingThumbnail({
  title,
  thumbnail,
}: {
  title: string;
  thumbnail: { screenshot: string | null; previewUrl: string };
}) {
  // The address carries a fresh token on every refetch: the first one is kept, so the frame
  // does not reload while the page polls.
  const [previewUrl] = useState(thumbnail.previewUrl);
  return (
    <div className="relative aspect-[16/10] overflow-hidden border-b bg-surface">
      {thumbnail.screenshot ? (
        <img
          src={thumbnail.screenshot}
          alt={`Screenshot of ${title}`}
          className="size-full object-cover object-top"
        />
      ) : (
        <iframe
          src={previewUrl}
          title={`Preview of ${title}`}
          sandbox="allow-scripts"
          loading="lazy"
          tabIndex={-1}
          // Drawn at four times the card's size and scaled down, like a page seen from afar.
          className="pointer-events-none absolute top-0 left-0 h-[400%] w-[400%] origin-top-left scale-25 border-0 bg-white"
        />
      )}
    </div>
  );
}
