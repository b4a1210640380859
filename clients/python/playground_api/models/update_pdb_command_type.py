from enum import StrEnum


class UpdatePdbCommandType(StrEnum):
    UPDATE_PDB = "update_pdb"

    def __str__(self) -> str:
        return str(self.value)
