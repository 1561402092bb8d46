/**
 * A leaked-secret scan (issue 21 item 7): whether any of the given secrets appears in captured
 * output (logs, stdout, stderr), as is or in the encodings a log line would carry it in. Reusable:
 * `expect(findLeaks(output, { KILN_SECRET: secret, 'session token': token })).toEqual([])`.
 */
export function findLeaks(output: string, secrets: Record<string, string>): string[] {
  const leaks: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    if (value.length < 8) throw new Error(`The ${name} to look for is too short to scan for`);
    const forms = new Set([
      value,
      encodeURIComponent(value),
      Buffer.from(value).toString('base64').replace(/=+$/, ''),
      Buffer.from(value).toString('base64url'),
      Buffer.from(value).toString('hex'),
      JSON.stringify(value).slice(1, -1),
    ]);
    const hit = [...forms].find((form) => output.includes(form));
    if (hit !== undefined) leaks.push(`${name} (${hit === value ? 'as is' : 'encoded'})`);
  }
  return leaks;
}
