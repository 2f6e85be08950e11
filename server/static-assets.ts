/**
 * The built renderer (console and landing page) and the widget script, served when they exist.
 * Until their issues land, `npm start` serves the API alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { consoleHelmet, crossOriginHelmet } from './lib/security-headers';

export interface StaticPaths {
  /** electron-vite's renderer output: index.html and assets. */
  rendererDir: string;
  /** The minified widget script. */
  widgetFile: string;
}

export function defaultStaticPaths(root = process.cwd()): StaticPaths {
  return {
    rendererDir: path.join(root, 'out', 'renderer'),
    widgetFile: path.join(root, 'widget', 'dist', 'widget.js'),
  };
}

/** Owners get fixes to the widget within this time, without changing their snippet. */
const WIDGET_MAX_AGE_SECONDS = 300;

export function createStaticRouter(paths: StaticPaths): Router {
  const router = Router();

  if (fs.existsSync(paths.widgetFile)) {
    router.get('/widget.js', crossOriginHelmet, (_req, res) => {
      res.sendFile(paths.widgetFile, {
        maxAge: WIDGET_MAX_AGE_SECONDS * 1000,
        headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
      });
    });
  }

  const indexFile = path.join(paths.rendererDir, 'index.html');
  if (fs.existsSync(indexFile)) {
    router.use(consoleHelmet);
    router.use('/assets', express.static(path.join(paths.rendererDir, 'assets'), { immutable: true, maxAge: '1y' }));
    router.use(express.static(paths.rendererDir, { index: false, maxAge: 0 }));
    // Every other page is a client-side route of the single-page console.
    router.get('/{*splat}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(indexFile);
    });
  }
  return router;
}
