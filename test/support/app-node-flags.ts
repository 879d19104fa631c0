/** `npm start`'s Node flags and environment, for the tests' and benches' app processes (src/start-script.ts). */
export { APP_ENTRY, APP_NODE_ENV, APP_NODE_FLAGS } from '../../src/start-script.ts';
