/**
 * A timeline entry's words with each take named as Booth names it. The service writes its own ordinal
 * ("Dana approved main take 2": the second delivery labelled main), which is not the take's name in Booth
 * (`MILL-0042_main_03`, shared/take-name.ts). The ordinal is matched to the job's delivery with that label
 * and number, and the delivery to Booth's take that made it; a delivery Booth did not make (sent from
 * elsewhere) is named by its file. Words that name no delivery of the job are left as the service wrote them.
 */
import { takeName } from '../../../../shared/take-name'

export interface DeliveryNamed {
  delivery_id: string
  take_label: string
  take_number: number
  file_name: string
}

export interface BoothTakeNamed {
  file_name: string
  take_number: number
  delivery: { delivery_id: string | null }
}

/** "<label> take <n>", the service's words for a delivery (resources/api/talent-v1.yaml TakeLabel). */
const ORDINAL = /\b(main|alt|safety|pickup|tag) take (\d{1,4})\b/g

export function timelineWords(
  label: string,
  deliveries: readonly DeliveryNamed[],
  takes: readonly BoothTakeNamed[],
): string {
  return label.replace(ORDINAL, (said: string, takeLabel: string, n: string) => {
    const delivery = deliveries.find((d) => d.take_label === takeLabel && d.take_number === Number(n))
    if (!delivery) return said
    const take = takes.find((t) => t.delivery.delivery_id === delivery.delivery_id)
    return takeName(take ?? delivery)
  })
}
