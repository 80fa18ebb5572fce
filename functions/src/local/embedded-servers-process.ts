import { startEmbeddedServers } from './embedded-services.ts';

/**
 * A process that only runs the embedded servers, for the functions tests' global setup
 * (shared-test-servers.ts): it sends the endpoints to its parent and stops when the parent
 * lets go of it, or dies. Its own process, so dynalite's work never queues behind vitest's.
 */
const servers = await startEmbeddedServers();
process.send!({ dynamoEndpoint: servers.dynamoEndpoint, s3Endpoint: servers.s3Endpoint });
process.once('disconnect', () => {
  void servers.stop().finally(() => process.exit(0));
});
