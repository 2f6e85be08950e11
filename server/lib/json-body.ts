import express, { type RequestHandler } from 'express';
import { AppError } from './errors';
import { refuseNulText } from './nul-text';

/** express.json's default cap (docs/security-model.md A-27); public routes set smaller ones. */
export const API_BODY_LIMIT = '100kb';

/** Parses JSON bodies; anything else that carries a body is refused with 415 (docs/security-model.md A-25). */
export function jsonBody(limit = API_BODY_LIMIT, types: string[] = ['application/json']): RequestHandler[] {
  const parser = express.json({ limit, type: types, strict: true });
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !req.is(types)) {
      next(new AppError(415, 'Content-Type must be application/json'));
      return;
    }
    next();
  };
  const refuseNul: RequestHandler = (req, _res, next) => {
    refuseNulText(req.body);
    next();
  };
  return [requireJson, parser, refuseNul];
}
