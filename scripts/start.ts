/**
 * `npm start`: the whole product on one machine. Starts DynamoDB Local and s3rver (data under
 * DATA_DIR, default .data/), creates the table and buckets, builds the web app if needed, and
 * serves API and web on PORT (default 3000). With AWS_ENDPOINT_URL set, uses that endpoint
 * (a LocalStack, say) instead of starting the emulators.
 */
import { startProduct } from './lib/product';

try {
  const product = await startProduct(Number(process.env.PORT ?? 3000));
  console.log(`\nThe workspace is running at ${product.url}\n`);
  const shutdown = async () => {
    await product.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error(error);
  process.exit(1);
}
