export {
  createHttpClient,
  defaultApiBaseUrl,
  HttpError,
  isHttpError,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
} from './client'
export { isErrorObject, type ErrorCode, type ErrorObject } from './error-object'
