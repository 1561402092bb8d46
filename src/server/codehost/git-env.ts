/**
 * The environment every git command runs in: nothing of the user's or the system's git config,
 * no prompt, no askpass, no credential helper, only http(s) remotes, and — per command, never on
 * disk or in argv — the token as an `http.extraheader` passed through GIT_CONFIG_COUNT.
 */
import path from 'node:path';
import { GitError } from './git-errors.ts';
import { basicCredential } from './git-redact.ts';

export interface GitAuth {
  token: string;
}

// What a self-hoster may need to reach GitHub (a proxy, a private CA); nothing else of Kiln's
// environment (its database URL, its keys) reaches git.
const PASSED_THROUGH = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
];

/** `home`: an empty folder of Kiln's own, so no ~/.gitconfig or credential store is ever read. */
export function gitEnvironment(home: string, auth?: GitAuth): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: home,
    // Commands run in `home`; git must not walk up from it into a repository (and its config).
    GIT_CEILING_DIRECTORIES: path.dirname(home),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GCM_INTERACTIVE: 'never',
    // ext::, file:// and ssh remotes could run commands or read the server's disk.
    GIT_ALLOW_PROTOCOL: 'http:https',
    // Messages are matched in English (git-errors.ts).
    LC_ALL: 'C',
    LANGUAGE: 'C',
  };
  for (const key of PASSED_THROUGH) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  const config: [string, string][] = [
    // An empty value empties the helper list: git never stores or asks for a credential.
    ['credential.helper', ''],
    ['core.askPass', ''],
    // Automatic gc stays inside the command (and its time limit) instead of a detached process.
    ['gc.autoDetach', 'false'],
  ];
  if (auth)
    config.push(['http.extraheader', `Authorization: Basic ${basicCredential(checkedToken(auth.token))}`]);
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}

/** A token is printable ASCII without spaces; anything else could smuggle a header line. */
function checkedToken(token: string): string {
  if (!/^[\x21-\x7e]{1,1024}$/.test(token)) throw new GitError('auth', 'The access token is malformed.');
  return token;
}
