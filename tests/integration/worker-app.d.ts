/** The worker's app as the tests call it (see worker-app.js). */
export declare const app: {
  fetch(request: Request, env: object, ctx: ExecutionContext): Response | Promise<Response>;
};
