import { closeOpenPages } from './browser'

afterEach(closeOpenPages)
