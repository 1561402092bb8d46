/** punycode.js (the npm package; imported by its file so Node's deprecated built-in is never used). */
declare module 'punycode/punycode.js' {
  const punycode: { decode(input: string): string; encode(input: string): string };
  export default punycode;
}
