/** The contract shared by the sandbox and the client: one place to replace with a real one later. */
export * from './endpoints.ts';
export * from './enums.ts';
export * from './primitives.ts';
export * from './rate-classes.ts';
export * from './records.ts';
export * from './requests.ts';
