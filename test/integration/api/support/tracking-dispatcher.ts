/**
 * An undici dispatcher that knows how many requests are in flight, from dispatch to the end of the
 * answer, so a virtual clock can hold still while real I/O runs.
 */
import { Agent, type Dispatcher } from 'undici';

export interface TrackingDispatcher {
  dispatcher: Dispatcher;
  inFlight(): number;
  close(): Promise<void>;
}

export function trackingDispatcher(): TrackingDispatcher {
  let inFlight = 0;
  const agent = new Agent();
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    inFlight++;
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    return dispatch(opts, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, status, headers, socket) =>
        handler.onRequestUpgrade?.(controller, status, headers, socket),
      onResponseStart: (controller, status, headers, message) =>
        handler.onResponseStart?.(controller, status, headers, message),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => {
        finish();
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        finish();
        handler.onResponseError?.(controller, error);
      },
    });
  });
  return { dispatcher, inFlight: () => inFlight, close: () => agent.close() };
}
