import { webApi } from '@slack/bolt';

const silent = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => webApi.LogLevel.ERROR,
  setName: () => {},
};

/** The real WebClient pointed at the emulator, without retries or console noise for expected errors. */
export function emulatorClient(
  token: string | undefined,
  slackApiUrl: string,
  options: ConstructorParameters<typeof webApi.WebClient>[1] = {},
): InstanceType<typeof webApi.WebClient> {
  return new webApi.WebClient(token, {
    slackApiUrl,
    retryConfig: { retries: 0 },
    logger: silent,
    ...options,
  });
}
