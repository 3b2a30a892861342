/**
 * `npm run seed`: fills a demo enterprise with realistic content through the public API, so every
 * rule the API enforces holds for the demo data too. Uses the server at SEED_URL (default
 * http://localhost:$PORT, PORT 3000) when one is running; otherwise starts the product in this
 * process on the same data folder, seeds, and stops it.
 */
import { dataDir, readLocalGitInfo, startProduct } from './lib/product';
import { seedArtifacts } from './seed/artifacts';
import { seedDesks } from './seed/desk';
import { seedDocs } from './seed/docs';
import { DEMO_IDENTIFIER, DEMO_PASSWORD, seedFoundation } from './seed/foundation';
import { seedNotifications } from './seed/notifications';
import { seedPipelines } from './seed/pipelines';
import { seedProducts } from './seed/products';
import { seedProjects } from './seed/projects';
import { seedRepositories } from './seed/repositories';
import { seedSprints } from './seed/sprints';
import { seedTesting } from './seed/testing';
import { seedWeekly } from './seed/weekly';

async function isUp(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/setting.json`)).ok;
  } catch {
    return false;
  }
}

const port = Number(process.env.PORT ?? 3000);
const targetUrl = process.env.SEED_URL ?? `http://localhost:${port}`;
const running = await isUp(targetUrl);
// Say which product is seeded: a server started on another PORT is not found, and seeding a
// second product under .data/ without a word left people looking for the data in the wrong one.
if (running) console.log(`Seeding the server running at ${targetUrl}.`);
else {
  console.log(
    `No server answers at ${targetUrl}: seeding a product of its own on the data in ${dataDir()}.\n` +
      'To seed a running `npm start`, give this command the same PORT (and DATA_DIR) it runs with, ' +
      'or SEED_URL with its address.',
  );
}
const product = running ? null : await startProduct(0, () => undefined);
const baseUrl = product?.url ?? targetUrl;

try {
  const foundation = await seedFoundation(baseUrl);
  const workItems = await seedProjects(foundation);
  await seedProducts(foundation);
  // In-process, the seed may move the server's clock to give the closed sprint a real history.
  const sprints = await seedSprints(foundation, baseUrl, product !== null);
  const testing = await seedTesting(foundation);
  const docs = await seedDocs(foundation);
  const repositories = await seedRepositories(foundation, readLocalGitInfo(), baseUrl);
  const artifacts = await seedArtifacts(foundation);
  // Runs for real on the server's local executor, from the repositories just connected.
  const pipelineRuns = await seedPipelines(foundation);
  // In-process, the seed moves the server's clock to each past week's Friday (weeks close after a week).
  const weekly = await seedWeekly(foundation, baseUrl, product !== null);
  // Last: the desks are made of everything above (items, sprints, sheets, products, commits).
  const todos = await seedDesks(foundation);
  const inboxes = await seedNotifications(foundation);
  console.log(`Seeded the enterprise "${foundation.enterprise.name}" at /${DEMO_IDENTIFIER}.`);
  if (workItems > 0) console.log(`Added projects with ${workItems} work items.`);
  if (sprints > 0) console.log(`Added ${sprints} sprints to Fleet Console.`);
  if (testing)
    console.log(`Added ${testing.cases} test cases and ${testing.sheets} test sheets to Fleet Console.`);
  if (docs) console.log(`Added ${docs.pages} knowledge-base pages and ${docs.files} files.`);
  if (weekly > 0) console.log(`Added ${weekly} weekly reports to Fleet Console and Dock Firmware 4.0.`);
  if (todos > 0) console.log(`Added ${todos} todos with dates and mentions to everyone's work desk.`);
  if (inboxes > 0) console.log(`Filled ${inboxes} notification inboxes (some read, a burst coalesced).`);
  if (repositories > 0)
    console.log(`Connected ${repositories} repositories of the local git server to Fleet Console.`);
  if (pipelineRuns > 0) console.log(`Added 2 pipelines to fleet-api with ${pipelineRuns} runs.`);
  if (artifacts > 0) console.log(`Uploaded ${artifacts} files to the artifact repositories.`);
  if (sprints === 2)
    console.log(
      '(For a closed sprint with its day-by-day history, seed fresh data with the server stopped.)',
    );
  const signInAt = running ? `${targetUrl}/login` : `the server you start on ${dataDir()} (npm start)`;
  console.log(`Sign in at ${signInAt} as alice (owner) or bob, carol, dave, erin, farid, grace, hiro`);
  console.log(`with the password ${DEMO_PASSWORD}.`);
} finally {
  await product?.stop();
}
process.exit(0);
