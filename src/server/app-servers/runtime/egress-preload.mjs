// Runs first in every app server's Node (node --import, NODE_OPTIONS for the project's own server)
// inside the sandbox, which has no network (decision 0054). It sends each outgoing TCP connection
// through Kiln's egress bridge: a Unix socket whose first line names `host:port`; Kiln checks the
// address (public only) and connects. This is convenience, not the boundary: code that removes it
// only reaches the sandbox's empty loopback. It also reports errors to Kiln as structured lines.
import console from 'node:console';
import process from 'node:process';
import { sendThroughBridge } from './egress-connect.mjs';

const EGRESS = process.env.KILN_EGRESS_SOCKET;
const OWN_PORT = Number(process.env.PORT);
const ERROR_MARK = '\u0006kiln-error ';

function isOwnServer(host, port) {
  const local = !host || host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '0.0.0.0';
  return local && (port === OWN_PORT || !EGRESS);
}

if (EGRESS) sendThroughBridge(EGRESS, isOwnServer);

/** An error the app logs or throws, as one line Kiln reads for the preview's error panel. */
function report(error, kind) {
  try {
    const line = JSON.stringify({
      kind,
      message: String(error?.message ?? error),
      stack: String(error?.stack ?? ''),
    });
    process.stderr.write(`${ERROR_MARK}${line}\n`);
  } catch {
    // never let reporting break the app
  }
}
const consoleError = console.error.bind(console);
console.error = (...args) => {
  const error = args.find((arg) => arg instanceof Error);
  if (error) report(error, 'logged');
  consoleError(...args);
};
process.on('uncaughtExceptionMonitor', (error) => report(error, 'uncaught'));
