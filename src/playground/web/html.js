// htm bound to Preact: JSX-like templates with no build step.
import htm from 'htm';
import { h } from 'preact';

export const html = htm.bind(h);
