/** Typed access to the environment; read lazily so tests and the local runtime can set it first. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const env = {
  tableName: () => required('MELD_TABLE_NAME'),
  dynamoEndpoint: () => process.env.MELD_DYNAMODB_ENDPOINT || undefined,
  s3Endpoint: () => process.env.MELD_S3_ENDPOINT || undefined,
  /** A stand-in for Amazon Polly's endpoint (tests); Polly's own regional one without it. */
  pollyEndpoint: () => process.env.MELD_POLLY_ENDPOINT || undefined,
  filesBucket: () => required('MELD_FILES_BUCKET'),
  audioBucket: () => required('MELD_AUDIO_BUCKET'),
  region: () => process.env.AWS_REGION || 'us-east-1',
  /** The code-runner Lambda the tool route invokes (AWS); unset, code runs in a local worker thread. */
  codeRunnerFunction: () => process.env.MELD_CODE_RUNNER_FUNCTION || undefined,
  /** Secure cookies everywhere; Chromium accepts them on http://localhost too. */
  cookieSecure: () => process.env.MELD_COOKIE_SECURE !== 'false',
  /** Lets tests read how many DynamoDB calls a request made (x-meld-db-calls). */
  exposeDbCalls: () => process.env.MELD_EXPOSE_DB_CALLS === '1',
  /** Pause per word of the offline demo's reply; unset keeps the demo's own pace. */
  demoWordDelayMs: () => (process.env.MELD_DEMO_WORD_DELAY_MS ? Number(process.env.MELD_DEMO_WORD_DELAY_MS) : undefined),
};
