// @ts-check
// htm bound to Preact's h: the templates of every module.
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
