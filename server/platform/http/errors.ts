// One error type and one error middleware (docs/runtime.md section 3).
import type { ErrorRequestHandler, RequestHandler } from "express";

export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string>,
    /** More of the answer, e.g. the current values a 409 was refused against (decision 031). */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** Answered here, as errorHandler would answer an AppError(404): no Error (and stack) per stray request. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split("?")[0]}` });
};

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: "Bad request",
  401: "Please sign in",
  403: "You do not have permission to do that",
  404: "Not found",
  405: "Method not allowed",
  415: "Unsupported content type",
  429: "Too many requests, please try again later",
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
}

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (err instanceof AppError) {
    res.status(err.status).json({ ...err.details, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    return;
  }
  // body-parser's own errors: malformed JSON, body too large, wrong charset.
  const httpish = err as HttpishError;
  const status = httpish.status ?? httpish.statusCode;
  if (status === 413) {
    res.status(413).json({ message: "Request body is too large" });
    return;
  }
  if (httpish.type === "entity.parse.failed") {
    res.status(400).json({ message: "Request body is not valid JSON" });
    return;
  }
  // Any other client error (a malformed %-escape in the path, a missing static asset): its
  // status with a generic message, since the thrown text is not written for users.
  if (status && status >= 400 && status < 500) {
    res.status(status).json({ message: CLIENT_ERROR_MESSAGES[status] ?? "Bad request" });
    return;
  }
  req.log?.error({ err }, "unhandled error");
  res.status(500).json({ message: "Internal server error" });
};
