import { expect, test } from "vitest";
import { AppendList } from "./appendList";

test("tail gives the newest items oldest first, across chunks, without the whole array", () => {
  const items = Array.from({ length: 700 }, (_, i) => i);
  let list = AppendList.from(items.slice(0, 600));
  for (const i of items.slice(600)) list = list.push(i);
  expect(list.tail(3)).toEqual([697, 698, 699]);
  expect(list.tail(300)).toEqual(items.slice(400));
  expect(list.tail(1000)).toEqual(items);
  expect(AppendList.empty<number>().tail(5)).toEqual([]);
});
