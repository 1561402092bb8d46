import { Fragment } from 'react';
import { displayAddress } from './deployment-host.ts';

/** An address as people read it, allowed to wrap after each dot (long subdomains in a narrow sidebar). */
export function AddressText({ url }: { url: string }) {
  const parts = displayAddress(url).split('.');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              .<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
