import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseVersionParam, resolveSelectedVersion } from '../data/versions.ts';

/** The version on screen lives in the URL (?v=3), so links and reloads keep it. */
export function useSelectedVersion(versions: readonly number[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = parseVersionParam(searchParams.get('v'));
  const selectedVersion = resolveSelectedVersion(requested, versions);

  const setVersion = useCallback(
    (version: number, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('v', String(version));
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return { selectedVersion, setVersion };
}
