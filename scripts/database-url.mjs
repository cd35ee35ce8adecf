/** The PostgreSQL URL a test command runs against (DATABASE_URL), or the reason it cannot run. */
export function databaseUrlOrExit(command, needs = '') {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return databaseUrl;
  console.error(`
npm run ${command} needs DATABASE_URL: a PostgreSQL URL whose role may create databases, e.g.

    DATABASE_URL=postgres://redline:redline@127.0.0.1:5432/redline npm run ${command}
${needs && `\nIt also needs ${needs}\n`}
(.ci/run provides it and runs this for you.)
`);
  process.exit(1);
}
