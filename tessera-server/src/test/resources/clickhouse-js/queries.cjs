// Asks Tessera's ClickHouse interface through the official JavaScript client (@clickhouse/client)
// and prints what the client read as one JSON object: node queries.cjs <url> <query>
const { createClient } = require('@clickhouse/client');

(async () => {
  const client = createClient({ url: process.argv[2] });
  const query = process.argv[3];
  const out = {};
  out.ping = (await client.ping()).success;
  out.eachRow = await (await client.query({ query, format: 'JSONEachRow' })).json();
  out.json = await (await client.query({ query, format: 'JSON' })).json();
  out.tabSeparated = await (await client.query({ query, format: 'TabSeparated' })).text();
  try {
    await client.query({ query: 'SELECT host FROM requests UNION ALL SELECT host FROM requests', format: 'JSONEachRow' });
    out.error = null;
  } catch (e) {
    out.error = String(e.message);
  }
  console.log(JSON.stringify(out));
  await client.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
