import { installLambdaStreamShim } from './lambda-stream-shim.ts';

// Handler modules built with middy({ streamifyResponse: true }) need the runtime global at import time.
installLambdaStreamShim();
