/**
 * The file a delivery of a take sends, settled in one place: its current version's files checked afresh
 * against the content hashes written with them (a damaged one is named in words and refused), then the
 * version's render as delivered (trimmed when a trim is set, named by the delivery name rule:
 * ACME_main_03_v2.wav). Delivery (main/delivery/upload-step.ts) and export (take-export.ts) both take their
 * bytes from here, so what leaves Booth by a drag or Export… is byte for byte what delivery sends.
 */
import type { DeliveryFile, TakeStore } from './take-store'
import type { TakeMeta } from './take-types'

export async function deliveryFileOf(store: TakeStore, take: TakeMeta, signal?: AbortSignal): Promise<DeliveryFile> {
  await store.readyAudioPath(take, true)
  return store.renderForDelivery(take.id, signal)
}
