/**
 * The guest book's server half for a plain PostgreSQL database (issue 22 item 2, decision 0054):
 * one Hono app in `api/index.ts` that lists and signs the book through `pg`, reading the
 * connection string from `DATABASE_URL` (core/integrations/server-env.ts). The POST validates
 * its input itself: the browser's `maxlength` is no protection against a direct request.
 */
import { SERVER_ENV } from '../../../../core/integrations/server-env.ts';
import { ENTRIES_ROUTE } from './api-calls.ts';

export const NAME_MAX = 80;
export const MESSAGE_MAX = 500;

export const GUEST_BOOK_API = `import { Hono } from 'hono';
import pg from 'pg';

// One pool per server process; Kiln passes the connection string in the environment.
const pool = new pg.Pool({ connectionString: process.env.${SERVER_ENV.databaseUrl}, max: 5 });

const NAME_MAX = ${NAME_MAX};
const MESSAGE_MAX = ${MESSAGE_MAX};

const app = new Hono();

app.get('${ENTRIES_ROUTE}', async (c) => {
  const { rows } = await pool.query(
    'select id, name, message, created_at from guest_book order by created_at desc, id desc limit 100',
  );
  return c.json(rows);
});

app.post('${ENTRIES_ROUTE}', async (c) => {
  const body: unknown = await c.req.json().catch(() => null);
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  const message = typeof fields.message === 'string' ? fields.message.trim() : '';
  if (name === '' || name.length > NAME_MAX)
    return c.json({ error: \`A name is required (at most \${NAME_MAX} characters).\` }, 400);
  if (message === '' || message.length > MESSAGE_MAX)
    return c.json({ error: \`A message is required (at most \${MESSAGE_MAX} characters).\` }, 400);
  const { rows } = await pool.query(
    'insert into guest_book (name, message) values ($1, $2) returning id, name, message, created_at',
    [name, message],
  );
  return c.json(rows[0], 201);
});

app.onError((error, c) => {
  console.error(error);
  return c.json({ error: 'The guest book cannot be reached right now.' }, 500);
});

export default app;
`;

/** The same table as the Supabase example, without Row Level Security: only the server reaches it. */
export const GUEST_BOOK_API_SQL = `-- The guest book's entries, read and written only by the api/ handler.
create table guest_book (
  id bigint generated always as identity primary key,
  name text not null check (char_length(name) between 1 and ${NAME_MAX}),
  message text not null check (char_length(message) between 1 and ${MESSAGE_MAX}),
  created_at timestamptz not null default now()
);
`;

/** The packages `api/index.ts` imports, declared so the build bundles them. */
export const GUEST_BOOK_API_DEPENDENCIES = { hono: '^4.6.0', pg: '^8.13.0' };
export const GUEST_BOOK_API_DEV_DEPENDENCIES = { '@types/pg': '^8.11.0' };
