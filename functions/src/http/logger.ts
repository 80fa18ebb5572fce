import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger for every handler; level from POWERTOOLS_LOG_LEVEL. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'meld' });
