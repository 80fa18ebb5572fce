import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** Answers with the event and the interesting parts of the context, so tests can inspect both. */
export async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event,
      context: {
        awsRequestId: context.awsRequestId,
        functionName: context.functionName,
        memoryLimitInMB: context.memoryLimitInMB,
        remainingMs: context.getRemainingTimeInMillis(),
      },
    }),
  };
}
