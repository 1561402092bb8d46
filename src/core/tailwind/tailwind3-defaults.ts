/**
 * Tailwind 3's defaults where Tailwind 4 changed them (Tailwind's upgrade guide), added to the
 * stylesheet of an answer written for Tailwind 3 so it looks as written (decision 0059): borders
 * and placeholders grey rather than the text colour, buttons with a pointer, `ring` 3px and blue,
 * and the `-sm` sizes of shadow, radius, blur and drop shadow (Tailwind 4 renamed them `-xs` and
 * gave `-sm` the next size up). The colours, spacing and type scale need nothing: a JavaScript
 * config's `theme` reaches Tailwind 4 through `@config`.
 */

/** The first line of the block: a stylesheet holding it has the defaults already. */
export const COMPAT_MARKER = "Tailwind 3's defaults";

export const TAILWIND3_DEFAULTS = `/* ${COMPAT_MARKER} where Tailwind 4 changed them: this stylesheet was written for Tailwind 3. */
@theme {
  --shadow-sm: 0 1px 2px 0 rgb(0 0 0 / 0.05);
  --radius-sm: 0.125rem;
  --blur-sm: 4px;
  --drop-shadow-sm: 0 1px 1px rgb(0 0 0 / 0.05);
  --default-ring-width: 3px;
  --default-ring-color: rgb(59 130 246 / 0.5);
}

@layer base {
  *,
  ::after,
  ::before,
  ::backdrop,
  ::file-selector-button {
    border-color: var(--color-gray-200, currentcolor);
  }

  input::placeholder,
  textarea::placeholder {
    color: var(--color-gray-400);
  }

  button:not(:disabled),
  [role='button']:not(:disabled) {
    cursor: pointer;
  }
}
`;
