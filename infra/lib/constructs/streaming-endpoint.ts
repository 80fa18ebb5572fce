import { FunctionUrl, FunctionUrlAuthType, InvokeMode, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * A streaming route's Function URL. It answers only requests signed by IAM; CloudFront signs
 * them through origin access control (see docs/decisions/0003), so the URL is useless if leaked.
 */
export class StreamingEndpoint extends Construct {
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, fn: IFunction) {
    super(scope, id);
    this.url = new FunctionUrl(this, 'Url', {
      function: fn,
      authType: FunctionUrlAuthType.AWS_IAM,
      invokeMode: InvokeMode.RESPONSE_STREAM,
    });
  }
}
