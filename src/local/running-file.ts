/** Where a running `npm start` (local mode) leaves its playground's address for `npm run chat`. */
export const RUNNING_FILE = './data/running.json';
