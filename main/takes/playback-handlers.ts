/**
 * URLs the page can play: a take on disk, or a delivered take's audio. The API's listen_url is short-lived
 * and on another origin, which the page's CSP does not allow, so main fetches it (only when the person
 * presses play, with with_urls) into the cache and hands back a local URL.
 */
import { mkdir, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { TalentClient } from '../api/client'
import type { BridgeHandlers } from '../bridge/dispatch'
import { UserFacingError } from '../bridge/describe-error'
import type { TakeStore } from './take-store'
import { downloadToFile } from '../jobs/download-file'
import { guardTakeErrors } from './take-errors'

export interface MediaHandlerDeps {
  client: () => TalentClient | null
  store: TakeStore
  cacheDir: string
  mediaUrl: (path: string) => string
}

export function createMediaHandlers(
  deps: MediaHandlerDeps,
): Pick<BridgeHandlers, 'getTakeMediaUrl' | 'getListenUrl' | 'getAttachmentMediaUrl'> {
  return {
    // A version that cannot be read, or whose recording is gone, is named in words (take-errors.ts).
    getTakeMediaUrl: ({ takeId, version }) =>
      guardTakeErrors(async () => {
        const take = await deps.store.get(takeId)
        if (version === undefined || version === (take.current_version ?? 1))
          return { url: deps.mediaUrl(await deps.store.readyAudioPath(take)) }
        if (!take.versions?.some((v) => v.number === version))
          throw new UserFacingError('not_found', `Take ${take.take_number} has no version ${version}.`, 404)
        // Another version plays from its own render (made again from its edit list when missing); the take is unchanged.
        return { url: deps.mediaUrl(await deps.store.readyAudioPath({ ...take, current_version: version })) }
      }),
    getListenUrl: async ({ jobId, deliveryId }) => {
      const client = deps.client()
      if (!client) throw new UserFacingError('signed_out', 'Sign in or start the demo first.', 401)
      const answer = await client.listDeliveries(jobId, { with_urls: true })
      const delivery = answer.deliveries.find((d) => d.delivery_id === deliveryId)
      if (!delivery) throw new UserFacingError('not_found', 'That take is no longer listed on this job.', 404)
      const ext =
        extname(delivery.file_name)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, '') || '.wav'
      const path = join(deps.cacheDir, 'listen', `${delivery.delivery_id}-${delivery.updated_at}${ext}`)
      if (!(await stat(path).catch(() => null))) {
        if (!delivery.listen_url)
          throw new UserFacingError('no_audio', 'The service has no playable audio for this take yet.', 409)
        await mkdir(join(deps.cacheDir, 'listen'), { recursive: true })
        await downloadToFile(delivery.listen_url, path)
      }
      return { url: deps.mediaUrl(path) }
    },
    getAttachmentMediaUrl: async ({ attachmentId, ext }) => {
      const client = deps.client()
      if (!client) throw new UserFacingError('signed_out', 'Sign in or start the demo first.', 401)
      const path = join(deps.cacheDir, 'listen', `attachment-${attachmentId}.${ext.toLowerCase()}`)
      if (!(await stat(path).catch(() => null))) {
        const link = await client.attachmentDownload(attachmentId)
        await mkdir(join(deps.cacheDir, 'listen'), { recursive: true })
        await downloadToFile(link.url, path)
      }
      return { url: deps.mediaUrl(path) }
    },
  }
}
