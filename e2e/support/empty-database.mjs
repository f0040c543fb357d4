/**
 * node e2e/support/empty-database.mjs — empties the PostgreSQL database E2E_DATABASE_URL names
 * (drops schema public with everything in it and creates it again), so that the app starts on it
 * as on a fresh data folder: it migrates and seeds the demo data. Only for a throw-away database.
 */
import pg from 'pg';

const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
await client.connect();
try {
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
} finally {
  await client.end();
}
