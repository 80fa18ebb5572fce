import type { EmbeddedServices } from './embedded-services.ts';
import { LOCAL_AWS_ENV } from './embedded-services.ts';

export interface LocalRuntimeSettings {
  jwtSecret: string;
  userKeySecret: string;
  configFile: string;
}

/**
 * The environment the handlers read, pointing them at the embedded services. Returned rather
 * than applied so callers can restore what they replaced.
 */
export function localRuntimeEnv(services: EmbeddedServices, settings: LocalRuntimeSettings): Record<string, string> {
  return {
    ...LOCAL_AWS_ENV,
    MELD_TABLE_NAME: services.tableName,
    MELD_DYNAMODB_ENDPOINT: services.dynamoEndpoint,
    MELD_S3_ENDPOINT: services.s3Endpoint,
    MELD_FILES_BUCKET: services.filesBucket,
    MELD_AUDIO_BUCKET: services.audioBucket,
    MELD_JWT_SECRET: settings.jwtSecret,
    MELD_USER_KEY_SECRET: settings.userKeySecret,
    MELD_CONFIG_FILE: settings.configFile,
  };
}

/**
 * Sets `values` in process.env and returns a function that puts back what was there before.
 * A session token or profile from the operator's shell would otherwise leak into requests
 * to the local emulators, so those are cleared for the duration too.
 */
export function applyEnv(values: Record<string, string>): () => void {
  const names = [...Object.keys(values), 'AWS_SESSION_TOKEN', 'AWS_PROFILE'];
  const previous = new Map(names.map((name) => [name, process.env[name]]));
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
